-- Generated, then the trigger below written by hand (decision 067). A bulk import's books are inserted with
-- their ids in book_words_pending, in the same statement, and their words are counted once the import's rows
-- are in: a word then costs one upsert per import instead of one per batch. While a book is pending, every
-- change to it (its insert, an edit, a delete) leaves its words out of book_facet_counts, so the one count
-- made afterwards, from the book as it is then, is the only one its words ever get.
CREATE TABLE "book_words_pending" (
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	CONSTRAINT "book_words_pending_user_id_book_id_pk" PRIMARY KEY("user_id","book_id")
);
--> statement-breakpoint
ALTER TABLE "book_words_pending" ADD CONSTRAINT "book_words_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookshelf_book_facet_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", sum(b."sign")::int
    FROM (SELECT o.*, -1 AS sign FROM old_rows o UNION ALL SELECT n.*, 1 AS sign FROM new_rows n) b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", (CASE WHEN EXISTS (SELECT 1 FROM "book_words_pending" p WHERE p."user_id" = b."user_id" AND p."book_id" = b."id") THEN NULL ELSE b."search_text" END)) f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3
    HAVING sum(b."sign") <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", count(*)::int
    FROM new_rows b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", (CASE WHEN EXISTS (SELECT 1 FROM "book_words_pending" p WHERE p."user_id" = b."user_id" AND p."book_id" = b."id") THEN NULL ELSE b."search_text" END)) f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  ELSE
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", -count(*)::int
    FROM old_rows b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", (CASE WHEN EXISTS (SELECT 1 FROM "book_words_pending" p WHERE p."user_id" = b."user_id" AND p."book_id" = b."id") THEN NULL ELSE b."search_text" END)) f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END
$$;
