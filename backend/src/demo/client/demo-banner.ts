// <demo-banner>: a custom element with an open shadow root holding a message and a "Dismiss"
// button that hides it (until the next page load). It shows that locators reach into shadow DOM.
export const DEMO_BANNER_SCRIPT = `
customElements.define(
  'demo-banner',
  class extends HTMLElement {
    constructor() {
      super();
      const root = this.attachShadow({ mode: 'open' });
      root.innerHTML =
        '<style>:host { display: block; margin: 1rem 0; } :host([hidden]) { display: none; }' +
        ' section { display: flex; gap: 1rem; align-items: center; padding: .75rem 1rem; background: #fff6d6; border: 1px solid #e0c35c; border-radius: 6px; }' +
        ' p { margin: 0; flex: 1; }</style>' +
        '<section aria-label="Announcement"><p>Welcome! Everything here is pretend: nothing is really sold.</p>' +
        '<button type="button">Dismiss</button></section>';
      root.querySelector('button').addEventListener('click', () => {
        this.hidden = true;
      });
    }
  },
);
`;
