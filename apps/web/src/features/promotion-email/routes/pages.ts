// One chunk for both pages, loaded by one import in the route table: each dynamic import the
// route table names costs every page's first load a few bytes of its preload list.
export { UnsubscribePage } from './unsubscribe-page';
export { UnsubscribedPage } from './unsubscribed-page';
