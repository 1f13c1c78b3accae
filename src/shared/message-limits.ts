// The message schema's size limits (messages.ts), in a module with no imports: the content script
// and the popup's first load size their messages by them without bundling the schema library.

/** Claims in one message from a content script. */
export const MAX_CLAIMS_PER_MESSAGE = 200;
/** Rounds of an imported export file per message: the popup sends a file in chunks of this many. */
export const MAX_IMPORT_ROUNDS_PER_MESSAGE = 200;
/** Text in the extension's own messages (a round's key, a filter): longer than any claim value allows. */
export const MAX_MESSAGE_TEXT_LENGTH = 4096;
/** Rows in one page the worker serves (the list, the export). */
export const MAX_PAGE = 5000;
