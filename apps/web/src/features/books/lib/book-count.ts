/** "1 book", "23 books": counts in toasts and headings. */
export const bookCount = (n: number) => (n === 1 ? '1 book' : `${n} books`);
