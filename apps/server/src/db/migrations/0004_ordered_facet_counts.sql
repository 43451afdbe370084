-- Written by hand. The facet counts of 0003 were changed by two statements per change to books (minus the old
-- rows, plus the new ones), each locking its count rows in whatever order its aggregate produced. Two writers
-- of one library that share count rows (the total, a status, a word) then lock them in opposite orders and
-- PostgreSQL aborts one with "deadlock detected". Now one statement applies the net change, row by row in key
-- order, so every writer takes the count rows it needs in the same order; a count that the change leaves as
-- it was (a rating or a note edited) is not written, so it is not locked at all.
-- Dynamic SQL, because the transition tables a statement may name differ between the three triggers.
CREATE OR REPLACE FUNCTION "bookshelf_book_facet_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT b.*, 1 AS sign FROM new_rows b'
    WHEN 'DELETE' THEN 'SELECT b.*, -1 AS sign FROM old_rows b'
    ELSE 'SELECT b.*, -1 AS sign FROM old_rows b UNION ALL SELECT b.*, 1 AS sign FROM new_rows b'
  END;
BEGIN
  EXECUTE format($statement$
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", sum(b."sign")::int
    FROM (%s) b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3
    HAVING sum(b."sign") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n"
  $statement$, changed);
  RETURN NULL;
END
$$;
