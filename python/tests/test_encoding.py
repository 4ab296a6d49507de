"""Action ids, masks and observation tensors through the Python package, and the batched
stepper."""

import random

import numpy
import pytest

import overlord


def test_the_action_space_is_named_blocks_that_add_up_to_its_size():
    g = overlord.Game("omaha", "first-wave", seed=1)
    space = g.action_space()
    assert space["size"] == g.num_distinct_actions()
    assert sum(b["size"] for b in space["blocks"]) == space["size"]
    offsets = [b["offset"] for b in space["blocks"]]
    assert offsets == sorted(offsets) and offsets[0] == 0
    names = {b["name"] for b in space["blocks"]}
    assert {"move", "move_along", "attack", "barrage", "end_division"} <= names


def test_legal_ids_mask_and_actions_agree_through_a_game():
    g = overlord.Game("omaha", "first-wave", seed=4)
    rng = random.Random(4)
    steps = 0
    while not g.is_terminal():
        ids = g.legal_action_ids()
        mask = g.legal_action_mask()
        assert mask.dtype == numpy.int8 and mask.shape == (g.num_distinct_actions(),)
        assert sorted(numpy.flatnonzero(mask).tolist()) == sorted(ids)
        assert len(ids) == len(g.legal_actions())
        g.apply_id(rng.choice(ids))
        steps += 1
    assert steps > 50
    assert not g.legal_action_mask().any()


def test_an_id_is_the_action_in_that_place_of_the_legal_list():
    a = overlord.Game("omaha", "first-wave", seed=6)
    b = overlord.Game("omaha", "first-wave", seed=6)
    rng = random.Random(6)
    for _ in range(80):
        if a.is_terminal():
            break
        i = rng.randrange(len(a.legal_actions()))
        a.apply(a.legal_actions()[i])
        b.apply_id(b.legal_action_ids()[i])
        assert a.record() == b.record()


def test_an_illegal_id_is_refused_with_what_it_names_and_changes_nothing():
    g = overlord.Game("omaha", "first-wave", seed=2)
    before = g.record()
    illegal = next(i for i in range(g.num_distinct_actions()) if not g.legal_action_mask()[i])
    with pytest.raises(overlord.IllegalAction, match="is not legal now"):
        g.apply_id(illegal)
    with pytest.raises(overlord.IllegalAction, match="past the action space"):
        g.apply_id(g.num_distinct_actions())
    assert g.record() == before


def test_the_observation_has_its_shape_and_changes_as_the_game_does():
    g = overlord.Game("omaha", "first-wave", seed=3)
    shape = g.observation_shape()
    first = g.observation()
    assert first.dtype == numpy.float32
    assert len(first) == len(shape["planes"]) * shape["cells"] + len(shape["globals"])
    assert len(shape["cell_names"]) == shape["cells"]
    assert (first >= 0).all()
    # The ground planes: every hex has exactly one ground.
    cells = shape["cells"]
    ground = first[: 4 * cells].reshape(4, cells)
    assert (ground.sum(axis=0) == 1).all()
    rng = random.Random(3)
    for _ in range(60):
        g.apply_id(rng.choice(g.legal_action_ids()))
    assert not numpy.array_equal(first, g.observation())


def test_a_determinized_game_shows_its_seat_the_same_view_and_observation():
    g = overlord.Game("omaha", "first-wave", seed=8)
    rng = random.Random(8)
    for _ in range(40):
        g.apply_id(rng.choice(g.legal_action_ids()))
    other = g.determinize(0, seed=99)
    assert other.view(0) == g.view(0)
    assert numpy.array_equal(other.observation(0), g.observation(0))
    assert other.legal_action_ids() == g.legal_action_ids()


def test_the_batch_steps_every_game_and_replaces_the_finished_ones():
    batch = overlord.Batch("omaha", "first-wave", 3, seed=10)
    assert len(batch) == 3
    masks = batch.legal_action_masks()
    obs = batch.observations()
    assert masks.shape == (3, batch.num_distinct_actions())
    assert obs.shape[0] == 3
    rng = random.Random(10)
    finished = 0
    for _ in range(400):
        ids = [rng.choice(legal) for legal in batch.legal_action_ids()]
        for ended in batch.step(ids):
            if ended is not None:
                assert ended in ([0.0], [1.0])
                finished += 1
    assert finished >= 3


def test_the_batch_plays_the_games_a_single_game_plays():
    batch = overlord.Batch("omaha", "first-wave", 2, seed=20)
    games = [overlord.Game("omaha", "first-wave", seed=s) for s in (20, 21)]
    rng = random.Random(1)
    for _ in range(30):
        ids = [rng.choice(legal) for legal in batch.legal_action_ids()]
        batch.step(ids)
        for g, i in zip(games, ids):
            g.apply_id(i)
    assert [sorted(l) for l in batch.legal_action_ids()] == [
        sorted(g.legal_action_ids()) for g in games
    ]
    assert numpy.array_equal(
        batch.observations(), numpy.stack([g.observation(0) for g in games])
    )


def test_a_batch_step_with_an_illegal_id_moves_no_game():
    batch = overlord.Batch("omaha", "first-wave", 2, seed=30)
    before = batch.observations().copy()
    legal = batch.legal_action_ids()
    bad = next(i for i in range(batch.num_distinct_actions()) if i not in legal[1])
    with pytest.raises(ValueError, match="game 1"):
        batch.step([legal[0][0], bad])
    assert numpy.array_equal(batch.observations(), before)
    with pytest.raises(ValueError, match="1 ids for 2 games"):
        batch.step([legal[0][0]])


def test_the_batch_lists_ids_flat_and_steps_with_a_numpy_array():
    batch = overlord.Batch("omaha", "first-wave", 4, seed=40)
    twin = overlord.Batch("omaha", "first-wave", 4, seed=40)
    rng = numpy.random.default_rng(4)
    for _ in range(100):
        ids, offsets = batch.legal_action_ids_flat()
        lists = twin.legal_action_ids()
        assert offsets.shape == (5,) and offsets[0] == 0 and offsets[-1] == len(ids)
        assert [ids[offsets[i] : offsets[i + 1]].tolist() for i in range(4)] == lists
        counts = numpy.diff(offsets)
        chosen = ids[offsets[:-1] + (rng.random(4) * counts).astype(numpy.int64)]
        assert batch.step(chosen) == twin.step([int(i) for i in chosen])
    assert numpy.array_equal(batch.observations(), twin.observations())


def test_step_and_list_is_a_step_then_the_flat_list():
    batch = overlord.Batch("omaha", "first-wave", 3, seed=50)
    twin = overlord.Batch("omaha", "first-wave", 3, seed=50)
    rng = numpy.random.default_rng(5)
    ids, offsets = batch.legal_action_ids_flat()
    for _ in range(60):
        counts = numpy.diff(offsets)
        chosen = ids[offsets[:-1] + (rng.random(3) * counts).astype(numpy.int64)]
        twin.legal_action_ids()
        returns, ids, offsets = batch.step_and_list(chosen)
        assert returns == twin.step(chosen)
        again, again_offsets = twin.legal_action_ids_flat()
        assert numpy.array_equal(ids, again) and numpy.array_equal(offsets, again_offsets)
