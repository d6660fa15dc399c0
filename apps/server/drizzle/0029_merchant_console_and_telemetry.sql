CREATE TABLE "merchant_allowed_origins" (
	"merchant_id" varchar(32) NOT NULL,
	"origin" varchar(200) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_allowed_origins_merchant_id_origin_pk" PRIMARY KEY("merchant_id","origin")
);
--> statement-breakpoint
CREATE TABLE "merchant_api_keys" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"merchant_id" varchar(32) NOT NULL,
	"api_key" varchar(64) NOT NULL,
	"secret_encrypted" text NOT NULL,
	"secret_hint" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_members" (
	"merchant_id" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"role" varchar(12) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "merchant_members_merchant_id_user_id_pk" PRIMARY KEY("merchant_id","user_id"),
	CONSTRAINT "merchant_members_role" CHECK ("merchant_members"."role" in ('Owner', 'Developer'))
);
--> statement-breakpoint
CREATE TABLE "client_trace_events" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"event_uuid" varchar(36) NOT NULL,
	"element_id" varchar(64) NOT NULL,
	"sub_element_id" varchar(64),
	"message" varchar(500),
	"user_id" varchar(32),
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "merchants_api_key";--> statement-breakpoint
ALTER TABLE "merchant_transactions" ADD COLUMN "claimed_by" varchar(32);--> statement-breakpoint
ALTER TABLE "merchant_transactions" ADD COLUMN "kyc_login_fail" varchar(48);--> statement-breakpoint
ALTER TABLE "merchant_allowed_origins" ADD CONSTRAINT "merchant_allowed_origins_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_api_keys" ADD CONSTRAINT "merchant_api_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_members" ADD CONSTRAINT "merchant_members_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_members" ADD CONSTRAINT "merchant_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_trace_events" ADD CONSTRAINT "client_trace_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_api_keys_api_key" ON "merchant_api_keys" USING btree ("api_key");--> statement-breakpoint
CREATE INDEX "merchant_api_keys_merchant" ON "merchant_api_keys" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_members_user" ON "merchant_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "client_trace_events_created" ON "client_trace_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_merchant_created" ON "orders" USING btree ("merchant_id","created_at") WHERE "orders"."merchant_id" is not null;--> statement-breakpoint
-- Each merchant's one key so far becomes its first key (its hint unknown: the secret is sealed).
INSERT INTO "merchant_api_keys" ("id", "merchant_id", "api_key", "secret_encrypted", "secret_hint", "created_at")
SELECT 'mkey_' || left(md5("id"), 27), "id", "api_key", "secret_encrypted", '', "created_at" FROM "merchants";--> statement-breakpoint
ALTER TABLE "merchants" DROP COLUMN "api_key";--> statement-breakpoint
ALTER TABLE "merchants" DROP COLUMN "secret_encrypted";