/** "1 book", "8 books": the wishlist's count line, the owner's and the shared page's. */
export const booksLabel = (n: number) => `${n} ${n === 1 ? 'book' : 'books'}`;
