// The shadow-DOM history page's script, served as /static/shadow.js (see shadow-page.ts).
export {};

const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('fair-witness-demo') : null;

/** One round: its table, in a shadow root of its own. */
class RoundView extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
  }

  show(entry: Element): void {
    this.shadowRoot!.replaceChildren(document.importNode(entry, true));
  }
}

/** The list: a <fw-round> per round, in a shadow root. */
class HistoryView extends HTMLElement {
  private readonly list = document.createElement('div');

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const heading = document.createElement('h2');
    heading.textContent = this.getAttribute('aria-label');
    root.append(heading, this.list);
  }

  connectedCallback(): void {
    this.render(document);
  }

  /** Keyed by round id: an unchanged round keeps its host and root; a new one gets a new host. */
  render(from: Document): void {
    const template = from.querySelector<HTMLTemplateElement>('template#rounds');
    if (!template) return;
    const existing = new Map<string, RoundView>();
    for (const view of this.list.children) existing.set(view.getAttribute('data-round-id')!, view as RoundView);
    const wanted = [...template.content.children].filter((entry) => entry.hasAttribute('data-round-id'));
    wanted.forEach((entry, index) => {
      const id = entry.getAttribute('data-round-id')!;
      let view = existing.get(id);
      if (!view) {
        view = document.createElement('fw-round') as RoundView;
        view.setAttribute('data-round-id', id);
        view.show(entry);
      } else if (view.shadowRoot!.firstElementChild?.outerHTML !== entry.outerHTML) {
        view.show(entry);
      }
      if (this.list.children[index] !== view) this.list.insertBefore(view, this.list.children[index] ?? null);
    });
    for (const view of existing.values()) if (!wanted.some((entry) => entry.getAttribute('data-round-id') === view.getAttribute('data-round-id'))) view.remove();
  }
}

/** A banner in a closed root: out of every extension's reach (counted, not read). */
class PromoBanner extends HTMLElement {
  constructor() {
    super();
    const root = this.attachShadow({ mode: 'closed' });
    root.textContent = 'Weekly promo: free spins on Roulette';
  }
}

customElements.define('fw-round', RoundView);
customElements.define('fw-history', HistoryView);
customElements.define('fw-promo', PromoBanner);

let refreshing: Promise<void> = Promise.resolve();
channel?.addEventListener('message', () => {
  refreshing = refreshing.then(async () => {
    const response = await fetch(location.href, { headers: { accept: 'text/html' } });
    const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
    document.querySelector<HistoryView>('fw-history')?.render(fresh);
    document.body.dataset.refreshed = String(Number(document.body.dataset.refreshed ?? 0) + 1);
  });
});
