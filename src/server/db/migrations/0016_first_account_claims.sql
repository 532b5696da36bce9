CREATE TABLE "first_account_claims" (
	"id" integer PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "first_account_claims_one_row" CHECK ("first_account_claims"."id" = 1)
);
