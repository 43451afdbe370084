-- Written by hand. The facet counts of 0003 were changed by two statements per change to books (minus the old
-- rows, plus the new ones), each locking its count rows in whatever order its aggregate produced. Two writers
-- of one library that share count rows (the total, a status, a word) then lock them in opposite orders and
-- PostgreSQL aborts one with "deadlock detected". Now one statement applies the net change, row by row in key
-- order, so every writer takes the count rows it needs in the same order; a count that the change leaves as
-- it was (a rating or a note edited) is not written, so it is not locked at all.
CREATE OR REPLACE FUNCTION "bookshelf_book_facet_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- The old rows count -1 and the new +1: what a change leaves as it was sums to 0 and is skipped.
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", sum(b."sign")::int
    FROM (SELECT o.*, -1 AS sign FROM old_rows o UNION ALL SELECT n.*, 1 AS sign FROM new_rows n) b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3
    HAVING sum(b."sign") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  ELSIF TG_OP = 'INSERT' THEN
    -- Each trigger may name only its own transition tables, hence a statement for each.
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", count(*)::int
    FROM new_rows b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  ELSE
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", -count(*)::int
    FROM old_rows b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END
$$;
