CREATE TABLE "book_facet_counts" (
	"user_id" uuid NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "book_facet_counts_user_id_facet_value_pk" PRIMARY KEY("user_id","facet","value")
);
--> statement-breakpoint
ALTER TABLE "book_facet_counts" ADD CONSTRAINT "book_facet_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand. PGlite has no autovacuum, so a GIN index's pending list (up to 4 MB of recent entries)
-- would stay unmerged and be scanned linearly by every search; entries go straight into the index instead.
ALTER INDEX "books_search_vector_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "books_tags_idx" SET (fastupdate = off);--> statement-breakpoint
-- The counts follow every change to books, one statement at a time, so a bulk insert or
-- update writes each (facet, value) once. Trashed books (deleted_at) do not count. A user being deleted is
-- skipped: its rows go with it by cascade.
-- What one book counts towards: the total, its status, format, genre, account, each tag and each word.
CREATE FUNCTION "bookshelf_book_facets"(status text, format text, genre text, account_id text, tags text[], search_text text)
RETURNS TABLE ("facet" text, "value" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'total', ''
  UNION ALL SELECT 'status', status
  UNION ALL SELECT 'format', format
  UNION ALL SELECT 'genre', genre WHERE genre IS NOT NULL
  UNION ALL SELECT 'account', account_id
  UNION ALL SELECT 'tag', t FROM unnest(tags) AS t
  UNION ALL SELECT DISTINCT 'word', w FROM regexp_split_to_table(search_text, '[^[:alnum:]]+') AS w WHERE length(w) > 1
$$;--> statement-breakpoint
CREATE FUNCTION "bookshelf_book_facet_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", -count(*)::int
    FROM old_rows b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
    SELECT b."user_id", f."facet", f."value", count(*)::int
    FROM new_rows b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
    WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
    GROUP BY 1, 2, 3
    ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_facet_counts_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bookshelf_book_facet_counts"();--> statement-breakpoint
CREATE TRIGGER "books_facet_counts_update" AFTER UPDATE ON "books" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bookshelf_book_facet_counts"();--> statement-breakpoint
CREATE TRIGGER "books_facet_counts_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bookshelf_book_facet_counts"();--> statement-breakpoint
-- The books that exist already.
INSERT INTO "book_facet_counts" ("user_id", "facet", "value", "n")
SELECT b."user_id", f."facet", f."value", count(*)::int
FROM "books" b CROSS JOIN LATERAL "bookshelf_book_facets"(b."status", b."format", b."genre", b."account_id", b."tags", b."search_text") f
WHERE b."deleted_at" IS NULL AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = b."user_id")
GROUP BY 1, 2, 3
ON CONFLICT ("user_id", "facet", "value") DO UPDATE SET "n" = "book_facet_counts"."n" + EXCLUDED."n";
