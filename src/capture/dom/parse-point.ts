// Where the HTML parser of a still-loading document is writing: the last node in tree order. Only the
// elements that hold it (the parser's open elements) can still be incomplete; everything before it
// was parsed whole, and what scripts insert is whole too. A page may stay `loading` as long as it
// likes, so the rest of it must be read meanwhile (issue #23, item 8); what the open elements hold
// is read once the page has left it alone for a while, or at the player's action.

/** The node the parser writes after, while `document` is loading; undefined once it is parsed. */
export function parsePoint(document: Document): Node | undefined {
  if (document.readyState !== 'loading') return undefined;
  let node: Node | null = document.documentElement;
  while (node?.lastChild) node = node.lastChild;
  return node ?? undefined;
}
