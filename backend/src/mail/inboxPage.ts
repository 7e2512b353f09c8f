/**
 * The mail catcher's web inbox: one self-contained page (no build step, no external asset) that
 * reads the JSON API mounted under `basePath`. Every mail field is inserted as text, never as
 * markup; the HTML body is shown in a sandboxed iframe (no scripts, no access to this page) whose
 * links open in a new tab.
 */
export function inboxPage(basePath: string): string {
  const base = JSON.stringify(basePath.replace(/\/$/, '')).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Affilux · Local inbox</title>
<style>
  :root {
    --bg: #f5f6f8; --panel: #fff; --line: #e3e6eb; --text: #1d2330; --muted: #6b7385;
    --accent: #4f46e5; --accent-soft: #eef0ff; --danger: #c0362c;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text);
  }
  * { box-sizing: border-box; }
  body { margin: 0; height: 100vh; display: flex; flex-direction: column; background: var(--bg); }
  header { display: flex; align-items: center; gap: 16px; padding: 12px 20px; background: var(--panel);
    border-bottom: 1px solid var(--line); }
  header h1 { font-size: 17px; margin: 0; font-weight: 650; }
  header h1 span { color: var(--muted); font-weight: 400; }
  #count { color: var(--muted); font-size: 13px; }
  .spacer { flex: 1; }
  input[type=search] { width: 320px; padding: 7px 10px; border: 1px solid var(--line); border-radius: 6px;
    font: inherit; font-size: 14px; }
  button { font: inherit; font-size: 14px; padding: 7px 12px; border-radius: 6px; border: 1px solid var(--line);
    background: var(--panel); cursor: pointer; }
  button:hover { background: var(--bg); }
  button.danger { color: var(--danger); }
  main { flex: 1; display: grid; grid-template-columns: minmax(300px, 380px) 1fr; min-height: 0; }
  #list { overflow-y: auto; border-right: 1px solid var(--line); background: var(--panel); margin: 0;
    padding: 0; list-style: none; }
  #list li { padding: 12px 16px; border-bottom: 1px solid var(--line); cursor: pointer; }
  #list li:hover { background: #fafbfc; }
  #list li.selected { background: var(--accent-soft); box-shadow: inset 3px 0 0 var(--accent); }
  .row { display: flex; gap: 8px; align-items: baseline; }
  .from { font-weight: 600; font-size: 14px; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .when { color: var(--muted); font-size: 12px; white-space: nowrap; }
  .subject { font-size: 14px; margin-top: 3px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .to { color: var(--muted); font-size: 12px; margin-top: 3px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  #reader { display: flex; flex-direction: column; min-width: 0; min-height: 0; }
  .empty { margin: auto; color: var(--muted); text-align: center; padding: 24px; }
  .meta { padding: 18px 24px 0; background: var(--panel); border-bottom: 1px solid var(--line); }
  .meta h2 { margin: 0 0 10px; font-size: 20px; font-weight: 600; }
  .meta dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0 0 12px; font-size: 13px; }
  .meta dt { color: var(--muted); }
  .meta dd { margin: 0; word-break: break-all; }
  .tabs { display: flex; gap: 4px; }
  .tabs button, .tabs a { border: 0; border-bottom: 2px solid transparent; border-radius: 0; background: none;
    padding: 8px 12px; color: var(--muted); font-size: 14px; text-decoration: none; }
  .tabs button.active { color: var(--accent); border-bottom-color: var(--accent); font-weight: 600; }
  .tabs a { margin-left: auto; }
  .body { flex: 1; min-height: 0; background: var(--panel); margin: 16px 24px 24px; border: 1px solid var(--line);
    border-radius: 8px; overflow: hidden; display: flex; }
  .body iframe { border: 0; width: 100%; flex: 1; background: #fff; }
  .body pre { margin: 0; padding: 20px; overflow: auto; flex: 1; white-space: pre-wrap; word-break: break-word;
    font: 14px/1.55 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
  a { color: var(--accent); }
</style>
</head>
<body>
<header>
  <h1>Affilux <span>· Local inbox</span></h1>
  <span id="count"></span>
  <span class="spacer"></span>
  <input id="filter" type="search" placeholder="Filter by recipient, sender or subject" aria-label="Filter">
  <button id="clear" class="danger" type="button">Delete all</button>
</header>
<main>
  <ul id="list" aria-label="Messages"></ul>
  <section id="reader"><p class="empty">Select a message to read it.</p></section>
</main>
<script>
(() => {
  const base = ${base};
  const api = base + '/api/messages';
  const list = document.getElementById('list');
  const reader = document.getElementById('reader');
  const count = document.getElementById('count');
  const filter = document.getElementById('filter');
  let messages = [];
  let selectedId = Number(location.hash.slice(1)) || null;
  let view = 'html';
  let listSignature = '';

  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const when = (iso) => {
    const date = new Date(iso);
    const sameDay = date.toDateString() === new Date().toDateString();
    return sameDay ? date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })
                   : date.toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
  };
  // Plain-text bodies: URLs become links, everything else stays text.
  const linkified = (text) => {
    const nodes = [];
    let last = 0;
    for (const match of text.matchAll(/https?:\\/\\/[^\\s<>"')\\]]+/g)) {
      nodes.push(text.slice(last, match.index));
      nodes.push(el('a', { href: match[0], target: '_blank', rel: 'noopener', textContent: match[0] }));
      last = match.index + match[0].length;
    }
    nodes.push(text.slice(last));
    return nodes;
  };

  function renderList() {
    const needle = filter.value.trim().toLowerCase();
    const shown = messages.filter((m) => !needle ||
      [m.from, m.subject, ...m.to].some((field) => field.toLowerCase().includes(needle)));
    count.textContent = messages.length === 1 ? '1 message' : messages.length + ' messages';
    list.replaceChildren(...shown.map((m) => {
      const item = el('li', { className: m.id === selectedId ? 'selected' : '' },
        el('div', { className: 'row' }, el('span', { className: 'from', textContent: m.from || '(no sender)' }),
          el('span', { className: 'when', textContent: when(m.received_at) })),
        el('div', { className: 'subject', textContent: m.subject || '(no subject)' }),
        el('div', { className: 'to', textContent: 'To: ' + m.to.join(', ') }));
      item.addEventListener('click', () => select(m.id));
      return item;
    }));
    if (shown.length === 0) {
      list.append(el('li', { className: 'empty', textContent: messages.length ? 'No message matches the filter.'
        : 'No mail yet. Mails sent by Affilux land here.' }));
    }
  }

  async function select(id) {
    selectedId = id;
    history.replaceState(null, '', '#' + id);
    renderList();
    const response = await fetch(api + '/' + id);
    if (response.status === 404) {
      reader.replaceChildren(el('p', { className: 'empty', textContent: 'This message no longer exists.' }));
      return;
    }
    renderMessage(await response.json());
  }

  function renderMessage(m) {
    if (!m.html && view === 'html') view = 'text';
    const body = el('div', { className: 'body' });
    if (view === 'html' && m.html) {
      const frame = el('iframe', { title: 'Message body' });
      frame.setAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
      frame.srcdoc = '<base target="_blank">' + m.html;
      body.append(frame);
    } else {
      body.append(el('pre', {}, ...linkified(m.text || '')));
    }
    const tab = (name, label, enabled) => {
      const button = el('button', { type: 'button', textContent: label, disabled: !enabled,
        className: view === name ? 'active' : '' });
      button.addEventListener('click', () => { view = name; renderMessage(m); });
      return button;
    };
    reader.replaceChildren(
      el('div', { className: 'meta' },
        el('h2', { textContent: m.subject || '(no subject)' }),
        el('dl', {},
          el('dt', { textContent: 'From' }), el('dd', { textContent: m.from }),
          el('dt', { textContent: 'To' }), el('dd', { textContent: m.to.join(', ') }),
          el('dt', { textContent: 'Date' }), el('dd', { textContent: new Date(m.received_at).toLocaleString() })),
        el('div', { className: 'tabs' }, tab('html', 'HTML', Boolean(m.html)), tab('text', 'Text', true),
          el('a', { href: api + '/' + m.id + '/raw', target: '_blank', textContent: 'Source' }))),
      body);
  }

  async function refresh() {
    try {
      const response = await fetch(api, { cache: 'no-store' });
      if (!response.ok) return;
      const latest = await response.json();
      const signature = latest.map((m) => m.id).join(',');
      if (signature === listSignature) return;
      listSignature = signature;
      messages = latest;
      renderList();
      if (selectedId !== null && !messages.some((m) => m.id === selectedId)) {
        selectedId = null;
        reader.replaceChildren(el('p', { className: 'empty', textContent: 'Select a message to read it.' }));
      }
    } catch {
      // The server is restarting: the next poll will catch up.
    }
  }

  filter.addEventListener('input', renderList);
  document.getElementById('clear').addEventListener('click', async () => {
    if (!confirm('Delete every message in this inbox?')) return;
    await fetch(api, { method: 'DELETE' });
    await refresh();
  });
  refresh().then(() => { if (selectedId !== null && messages.some((m) => m.id === selectedId)) select(selectedId); });
  setInterval(refresh, 2000);
})();
</script>
</body>
</html>
`;
}
