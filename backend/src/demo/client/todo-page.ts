// /todo: a TodoMVC-like list kept in sessionStorage (`demo-todos`), so it lasts as long as the tab.
// Enter in the input adds; each item has a "Toggle <title>" checkbox and a "Delete" button; the
// counter says how many are left; "Saved" appears after every change.
export const TODO_PAGE_SCRIPT = `
(() => {
  const KEY = 'demo-todos';
  const form = document.getElementById('new-todo-form');
  const input = document.getElementById('new-todo');
  const list = document.getElementById('todo-list');
  const counter = document.getElementById('todo-count');
  const status = document.getElementById('todo-status');
  const load = () => {
    try {
      const state = JSON.parse(sessionStorage.getItem(KEY) || 'null');
      if (state && Array.isArray(state.items) && Number.isInteger(state.nextId)) return state;
    } catch {}
    return { nextId: 1, items: [] };
  };
  const state = load();
  const save = () => {
    sessionStorage.setItem(KEY, JSON.stringify(state));
    status.textContent = 'Saved';
    count();
  };
  const count = () => {
    const left = state.items.filter((i) => !i.done).length;
    counter.textContent = left + (left === 1 ? ' item left' : ' items left');
  };
  const itemElement = (item) => {
    const li = document.createElement('li');
    li.dataset.id = String(item.id);
    li.classList.toggle('done', item.done);
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = 'todo-' + item.id;
    box.checked = item.done;
    const label = document.createElement('label');
    label.htmlFor = box.id;
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = 'Toggle ';
    const title = document.createElement('span');
    title.textContent = item.title;
    label.append(hidden, title);
    const remove = document.createElement('button');
    remove.type = 'button';
    remove.textContent = 'Delete';
    li.append(box, ' ', label, ' ', remove);
    return li;
  };
  const find = (el) => {
    const li = el.closest('li');
    return { li, item: li && state.items.find((i) => String(i.id) === li.dataset.id) };
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const title = input.value.trim();
    if (!title) return;
    const item = { id: state.nextId++, title, done: false };
    state.items.push(item);
    list.append(itemElement(item));
    input.value = '';
    save();
  });
  list.addEventListener('change', (event) => {
    const { li, item } = find(event.target);
    if (!item || event.target.type !== 'checkbox') return;
    item.done = event.target.checked;
    li.classList.toggle('done', item.done);
    save();
  });
  list.addEventListener('click', (event) => {
    if (!event.target.closest('button')) return;
    const { li, item } = find(event.target);
    if (!item) return;
    state.items.splice(state.items.indexOf(item), 1);
    li.remove();
    save();
  });
  list.replaceChildren(...state.items.map(itemElement));
  count();
})();
`;
