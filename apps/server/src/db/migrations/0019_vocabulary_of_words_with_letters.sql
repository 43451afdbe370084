-- Written by hand (decision 069). The kept vocabulary (the 'word' facet of 0003) holds only words with a letter
-- in them. A word of digits alone (an ISBN, a year, a number in a title) is never looked up as a misspelling
-- (mayBeMisspelt in book-search.ts) and an ISBN is the one word of a book that no other book shares, so
-- it was a row per book that no search read, and the most costly part of adding one: every insert upserted
-- it. A search for a number still finds its books through the full-text index. The function gives exactly
-- what it gave before less those words, so removing their rows leaves every count as a recount would make it.
CREATE OR REPLACE FUNCTION "bookshelf_book_facets"(status text, format text, genre text, account_id text, tags text[], search_text text)
RETURNS TABLE ("facet" text, "value" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'total', ''
  UNION ALL SELECT 'status', status
  UNION ALL SELECT 'format', format
  UNION ALL SELECT 'genre', genre WHERE genre IS NOT NULL
  UNION ALL SELECT 'account', account_id
  UNION ALL SELECT 'tag', t FROM unnest(tags) AS t
  UNION ALL SELECT DISTINCT 'word', w FROM regexp_split_to_table(search_text, '[^[:alnum:]]+') AS w
    WHERE length(w) > 1 AND w ~ '[[:alpha:]]'
$$;--> statement-breakpoint
DELETE FROM "book_facet_counts" WHERE "facet" = 'word' AND "value" !~ '[[:alpha:]]';
