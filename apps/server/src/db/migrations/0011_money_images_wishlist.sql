CREATE TABLE "book_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"book_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"base_currency" text,
	"show_multiple_currencies" boolean DEFAULT true NOT NULL,
	"show_conversion_rates" boolean DEFAULT true NOT NULL,
	"show_symbols" boolean DEFAULT true NOT NULL,
	"show_codes" boolean DEFAULT false NOT NULL,
	"custom_platforms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wishlist_share_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"per_euro" numeric(18, 6) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "wishlist_position" integer;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD COLUMN "triggered_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "book_images" ADD CONSTRAINT "book_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_images" ADD CONSTRAINT "book_images_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_images_book_idx" ON "book_images" USING btree ("book_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_preferences_wishlist_token_key" ON "user_preferences" USING btree ("wishlist_share_token");--> statement-breakpoint
-- Written by hand: the wishlist page reads a reader's wishlist in its drag-and-drop order.
CREATE INDEX "books_user_wishlist_idx" ON "books" USING btree ("user_id","wishlist_position") WHERE deleted_at is null and status = 'wishlist';
