CREATE TABLE "isbn_lookups" (
	"isbn" text PRIMARY KEY NOT NULL,
	"result" jsonb,
	"fetched_at" timestamp with time zone NOT NULL
);
