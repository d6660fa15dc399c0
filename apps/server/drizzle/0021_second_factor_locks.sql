CREATE TABLE "credential_failures" (
	"user_id" varchar(32) NOT NULL,
	"factor" varchar(16) NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credential_failures_user_id_factor_pk" PRIMARY KEY("user_id","factor"),
	CONSTRAINT "credential_failures_factor" CHECK ("credential_failures"."factor" in ('password', 'email-code', 'authenticator'))
);
--> statement-breakpoint
CREATE TABLE "sign_in_unlock_tokens" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spent_process_tokens" (
	"nonce" varchar(32) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor" varchar(16);--> statement-breakpoint
UPDATE "orders" SET "processor" = "cards"."processor" FROM "cards" WHERE "cards"."id" = "orders"."card_id";--> statement-breakpoint
UPDATE "orders" SET "processor" = 'unknown' WHERE "processor" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "processor" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credential_failures" ADD CONSTRAINT "credential_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_unlock_tokens" ADD CONSTRAINT "sign_in_unlock_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_unlock_tokens_user" ON "sign_in_unlock_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "spent_process_tokens_expiry" ON "spent_process_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_locked_until";