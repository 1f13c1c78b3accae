// Finding candidate elements cheaply. Selector lists with attribute tests walk and match the whole
// page (milliseconds on a long history); tag collections are indexed by the browser, and one
// "[role]" query serves every ARIA role the scanner needs.

/** `root` itself when it is an element: a part of the page scanned alone may be the table or heading sought. */
const rootElement = (root: ParentNode): Element | undefined => ((root as Node).nodeType === 1 ? (root as Element) : undefined);

/** Elements with one of the tags (`root` included), in tag order then document order. */
export function elementsByTags(root: ParentNode, tags: readonly string[]): Element[] {
  const found: Element[] = [];
  const byTag = (root as Partial<Document>).getElementsByTagName;
  const self = rootElement(root);
  for (const tag of tags) {
    if (self?.localName === tag) found.push(self);
    const elements = typeof byTag === 'function' ? byTag.call(root, tag) : root.querySelectorAll(tag);
    for (let index = 0; index < elements.length; index++) found.push(elements[index]!);
  }
  return found;
}

/** Elements carrying a role attribute (`root` included), grouped by role, from one query. */
export function elementsByRole(root: ParentNode): Map<string, Element[]> {
  const byRole = new Map<string, Element[]>();
  const self = rootElement(root);
  const elements = Array.from(root.querySelectorAll('[role]'));
  if (self?.hasAttribute('role')) elements.unshift(self);
  for (const element of elements) {
    const role = element.getAttribute('role')!.trim().toLowerCase();
    const list = byRole.get(role);
    if (list) list.push(element);
    else byRole.set(role, [element]);
  }
  return byRole;
}

export function withRoles(byRole: ReadonlyMap<string, Element[]>, roles: readonly string[]): Element[] {
  return roles.flatMap((role) => byRole.get(role) ?? []);
}

/** A node's parent, a shadow root's being its host: a round's values may sit in a component's shadow tree. */
export const parentOf = (node: Node): Node | null => node.parentNode ?? (node as ShadowRoot).host ?? null;

/** Whether `node` is `ancestor` or lies under it, shadow trees included. */
export function containsComposed(ancestor: Node, node: Node | null): boolean {
  for (; node; node = parentOf(node)) if (node === ancestor) return true;
  return false;
}

/** What the scans could and could not enter (capture diagnostics). */
export interface ShadowReach {
  /** Open shadow roots found, each watched for changes from then on. */
  openRoots: number;
  /** Custom elements whose shadow root the page closed: what they show is out of reach. */
  closedHosts: number;
  /** Whether closed roots can be told at all (an extension API of the browser); false: closedHosts is 0 for want of a way to know. */
  closedDetectable: boolean;
}

export interface RootWatch {
  readonly reach: ShadowReach;
  /**
   * The open roots of `tree`'s elements (`tree` included; not those nested in them); each one new
   * is handed to `onNew`. Pauses (yields) every 2 000 elements, as the scan does.
   */
  rootsIn(tree: ParentNode): Generator<void, ShadowRoot[]>;
  /** Custom elements seen without a root that have an open one now (upgraded later: no mutation says so). */
  rooted(): Element[];
  /** How many custom elements seen without a root are still waiting for one. */
  waiting(): number;
}

/**
 * Finds shadow roots by one pass over a tree's elements (a few ms on a 40 000-element page; only
 * whole scans and added parts pay it). Roots and closed hosts are counted once each. A closed root is
 * told by Chromium's chrome.dom.openOrClosedShadowRoot or Firefox's element.openOrClosedShadowRoot
 * (both for extensions only), and counted, not read: the page closed it.
 */
/** Custom elements without a root yet, checked again at each scan (a lazily defined component attaches one later). */
const MAX_BARE_HOSTS = 500;

export function rootWatch(onNew: (root: ShadowRoot) => void = () => undefined, onClosed: () => void = () => undefined): RootWatch {
  const chromeDom = (globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?: (element: Element) => ShadowRoot | null } } }).chrome?.dom;
  const firefox = typeof document === 'object' && 'openOrClosedShadowRoot' in document.documentElement;
  const closedRootOf = (element: Element): unknown =>
    chromeDom?.openOrClosedShadowRoot ? chromeDom.openOrClosedShadowRoot(element) : (element as unknown as Record<string, unknown>).openOrClosedShadowRoot;
  const reach: ShadowReach = { openRoots: 0, closedHosts: 0, closedDetectable: !!chromeDom?.openOrClosedShadowRoot || firefox };
  const known = new WeakSet<Node>();
  const bare = new Set<Element>();
  function* rootsIn(tree: ParentNode): Generator<void, ShadowRoot[]> {
    const found: ShadowRoot[] = [];
    const elements = tree.querySelectorAll('*');
    for (let index = -1; index < elements.length; index++) {
      if (index % 2000 === 1999) yield;
      const element = index < 0 ? rootElement(tree) : elements[index];
      const shadow = element?.shadowRoot;
      if (shadow) {
        found.push(shadow);
        if (!known.has(shadow)) {
          known.add(shadow);
          reach.openRoots++;
          onNew(shadow);
        }
      } else if (element?.localName.includes('-') && !known.has(element)) {
        if (closedRootOf(element)) {
          known.add(element);
          reach.closedHosts++;
          onClosed();
        } else if (bare.size < MAX_BARE_HOSTS) bare.add(element);
      }
    }
    return found;
  }
  const rooted = (): Element[] => {
    const found: Element[] = [];
    for (const host of bare) {
      if (!host.shadowRoot && host.isConnected) continue;
      bare.delete(host);
      if (host.isConnected) found.push(host);
    }
    return found;
  };
  return { reach, rootsIn, rooted, waiting: () => bare.size };
}
