-- Edited by hand from drizzle-kit's DROP and CREATE (decision 069): the same indexes without GIN's pending list,
-- changed in place rather than rebuilt. With the list, an insert appended its entries there and one insert in a
-- few hundred moved the whole list into the index (a batch of an import then held PGlite for 40-130 ms, and on
-- PGlite nothing else runs meanwhile); every search also read the list through. gin_clean_pending_list moves
-- what the list holds now, so nothing is left there.
ALTER INDEX "books_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "books_tags_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('books_search_vector_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('books_tags_idx'::regclass);
