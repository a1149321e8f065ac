// Pages with nothing to decide on the server.
import { homePage } from '../pages/home.js';
import { todoPage } from '../pages/todo.js';
import { htmlResponse } from '../responses.js';
import type { Handler } from '../router.js';

export const showHome: Handler = (request) => htmlResponse(homePage(request.user !== null));

export const showTodo: Handler = (request) => htmlResponse(todoPage(request.user !== null));
