// Finding candidate elements cheaply. Selector lists with attribute tests walk and match the whole
// page (milliseconds on a long history); tag collections are indexed by the browser, and one
// "[role]" query serves every ARIA role the scanner needs.

/** Elements with one of the tags, in tag order then document order. */
export function elementsByTags(root: ParentNode, tags: readonly string[]): Element[] {
  const found: Element[] = [];
  const byTag = (root as Partial<Document>).getElementsByTagName;
  for (const tag of tags) {
    const elements = typeof byTag === 'function' ? byTag.call(root, tag) : root.querySelectorAll(tag);
    for (let index = 0; index < elements.length; index++) found.push(elements[index]!);
  }
  return found;
}

/** Elements carrying a role attribute, grouped by role, from one query. */
export function elementsByRole(root: ParentNode): Map<string, Element[]> {
  const byRole = new Map<string, Element[]>();
  for (const element of Array.from(root.querySelectorAll('[role]'))) {
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
