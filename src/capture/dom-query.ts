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
