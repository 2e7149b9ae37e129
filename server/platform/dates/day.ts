/** A moment's day in UTC (`2026-12-06`), as mails, exports and reports print it. */
export const day = (value: Date) => value.toISOString().slice(0, 10)
