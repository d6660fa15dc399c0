/**
 * The sliver of jsdom the server uses (a window for DOMPurify). @types/jsdom is left out on
 * purpose: it pulls the DOM lib into the server's types, which changes fetch's body types.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      readonly document: { createElement(tag: string): { innerHTML: string; textContent: string | null } };
    };
  }
}
