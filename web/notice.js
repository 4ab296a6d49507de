// The notice under the header: refusals and errors (what went wrong and what to do next),
// and short confirmations.

export function notify(message, kind = 'error') {
  const notice = document.getElementById('notice');
  if (!notice) return;
  const text = typeof message === 'string'
    ? message
    : message?.reason
      ? `${capitalise(message.reason)}${message.code && message.status ? ` (${message.status} ${message.code})` : ''}`
      : String(message?.message ?? message);
  notice.className = `notice ${kind}`;
  notice.dataset.code = typeof message === 'object' && message?.code ? message.code : '';
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.setAttribute('aria-label', 'Dismiss');
  close.textContent = '×';
  close.addEventListener('click', clearNotice);
  const body = document.createElement('span');
  body.textContent = text;
  notice.replaceChildren(body, close);
  notice.hidden = false;
}

export function clearNotice() {
  const notice = document.getElementById('notice');
  if (notice) {
    notice.hidden = true;
    notice.dataset.code = '';
  }
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
