CREATE TABLE "ai_providers" (
	"capability" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"preset" text,
	"base_url" text,
	"model" text,
	"sealed_api_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_providers_endpoint_check" CHECK ("ai_providers"."source" <> 'openai-compatible' or ("ai_providers"."base_url" is not null and "ai_providers"."model" is not null))
);
