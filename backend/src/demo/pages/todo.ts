// `/todo`: the shell of the todo list; client/todo-page.ts fills it from sessionStorage.
import { TODO_PAGE_SCRIPT } from '../client/todo-page.js';
import { html, type SafeHtml } from '../html.js';
import { layout } from './layout.js';

export function todoPage(signedIn: boolean): SafeHtml {
  return layout({
    title: 'Todo',
    path: '/todo',
    signedIn,
    main: html`<h1>Todo</h1>
<form id="new-todo-form">
<label for="new-todo" class="visually-hidden">What needs to be done?</label>
<input type="text" id="new-todo" placeholder="What needs to be done?" autocomplete="off">
</form>
<ul id="todo-list" aria-label="Todo items"></ul>
<p id="todo-count">0 items left</p>
<p role="status" id="todo-status"></p>`,
    scripts: [TODO_PAGE_SCRIPT],
  });
}
