-- Trigram matching for typo-tolerant search (pg_trgm is a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "accounts" (
	"user_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"custom_type" text,
	"email" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"settings" jsonb NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"content" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"related_entity_id" uuid,
	"related_entity_type" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" text DEFAULT 'default-personal' NOT NULL,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"isbn" text,
	"cover_url" text,
	"format" text DEFAULT 'physical' NOT NULL,
	"binding_type" text,
	"genre" text,
	"published_year" integer,
	"publisher" text,
	"pages" integer,
	"rating" smallint,
	"status" text DEFAULT 'owned' NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"date_read" timestamp with time zone,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"notes" text,
	"review" text,
	"purchase_info" jsonb,
	"special_edition" jsonb,
	"current_value" jsonb,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"search_text" text NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, search_text), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce(notes, '')), 'C')) STORED NOT NULL,
	"deleted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_loads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"target_price" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"platforms" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demo_loads" ADD CONSTRAINT "demo_loads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_created_idx" ON "activities" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_related_idx" ON "activities" USING btree ("related_entity_type","related_entity_id");--> statement-breakpoint
CREATE INDEX "books_user_date_added_idx" ON "books" USING btree ("user_id","date_added" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_user_title_idx" ON "books" USING btree ("user_id",lower("title")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_user_author_idx" ON "books" USING btree ("user_id",lower("author")) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_user_status_idx" ON "books" USING btree ("user_id","status") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "books_search_vector_idx" ON "books" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "books_search_text_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_tags_idx" ON "books" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "books_deleted_at_idx" ON "books" USING btree ("deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_alerts_book_idx" ON "price_alerts" USING btree ("book_id");--> statement-breakpoint
-- Written by hand (drizzle cannot express these). A book's account is one of its owner's accounts; deleting
-- the account moves its books to the default account instead of losing them (core.md §4).
ALTER TABLE "books" ADD CONSTRAINT "books_account_fk" FOREIGN KEY ("user_id", "account_id") REFERENCES "public"."accounts"("user_id", "id") ON DELETE SET DEFAULT ("account_id");--> statement-breakpoint
-- The built-in Personal Collection always exists (core.md §3): every user gets it when created, in the
-- same transaction, whichever feature creates the user.
CREATE FUNCTION "bookshelf_create_default_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "accounts" ("user_id", "id", "name", "type", "is_active", "settings")
  VALUES (NEW."id", 'default-personal', 'Personal Collection', 'other', true,
          '{"defaultCurrency":"USD","autoSync":false,"notifications":true}'::jsonb)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_default_account" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "bookshelf_create_default_account"();--> statement-breakpoint
INSERT INTO "accounts" ("user_id", "id", "name", "type", "is_active", "settings")
SELECT "id", 'default-personal', 'Personal Collection', 'other', true,
       '{"defaultCurrency":"USD","autoSync":false,"notifications":true}'::jsonb
FROM "users"
ON CONFLICT DO NOTHING;
