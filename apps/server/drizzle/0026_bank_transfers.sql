CREATE TABLE "bank_accounts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"currency" varchar(3),
	"account_name" text NOT NULL,
	"bank_name" text,
	"identifier_code" varchar(11),
	"iban" varchar(34),
	"account_number" varchar(34),
	"sort_code" varchar(6),
	"account_number_uk" varchar(8),
	"aba_routing_number" varchar(9),
	"payee_address" text,
	"payee_city" text,
	"payee_postal_code" varchar(16),
	"payee_country" varchar(2),
	"account_key" varchar(96) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bank_accounts_kind" CHECK ("bank_accounts"."kind" in ('SEPA', 'UK', 'SWIFT', 'ACH'))
);
--> statement-breakpoint
CREATE TABLE "bank_credits" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"provider" varchar(24) NOT NULL,
	"credit_id" varchar(64) NOT NULL,
	"account_id" varchar(64),
	"user_id" varchar(32),
	"order_id" uuid,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reference" varchar(140) NOT NULL,
	"payer_name" varchar(140) NOT NULL,
	"payer_account" varchar(64),
	"outcome" varchar(12) NOT NULL,
	"suspense_reason" varchar(16),
	"received_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "bank_credits_credit" UNIQUE("provider","credit_id"),
	CONSTRAINT "bank_credits_outcome" CHECK ("bank_credits"."outcome" in ('DEPOSITED', 'SUSPENSE')),
	CONSTRAINT "bank_credits_amount" CHECK ("bank_credits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_named_accounts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"provider" varchar(24) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"account_id" varchar(64) NOT NULL,
	"reference" varchar(16) NOT NULL,
	"holder_name" varchar(140) NOT NULL,
	"iban" varchar(34),
	"bic" varchar(11),
	"sort_code" varchar(6),
	"account_number" varchar(8),
	"bank_name" varchar(140) NOT NULL,
	"bank_address" varchar(280) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bank_named_accounts_person" UNIQUE("user_id","provider","currency"),
	CONSTRAINT "bank_named_accounts_account" UNIQUE("provider","account_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"bank_account_id" varchar(40) NOT NULL,
	"provider" varchar(24) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"limit_amount" numeric(38, 18) NOT NULL,
	"status" varchar(12) NOT NULL,
	"step" varchar(12) NOT NULL,
	"payment_id" varchar(64),
	"fail_reason" varchar(12),
	"bank_reason" varchar(200),
	"request_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"deadline_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('PROCESSING', 'SUCCESS', 'FAILED')),
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "history_exports" (
	"id" varchar(48) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"lang" varchar(2) NOT NULL,
	"status" varchar(8) NOT NULL,
	"storage_key" varchar(200),
	"row_count" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "history_exports_status" CHECK ("history_exports"."status" in ('PENDING', 'READY', 'FAILED')),
	CONSTRAINT "history_exports_lang" CHECK ("history_exports"."lang" in ('en', 'zh'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_accounts" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"holder_reference" varchar(64) NOT NULL,
	"holder_name" varchar(140) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"iban" varchar(34),
	"sort_code" varchar(6),
	"account_number" varchar(8),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_credits" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bank_credits_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" varchar(40),
	"currency" varchar(3) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reference" varchar(140) NOT NULL,
	"payer_name" varchar(140) NOT NULL,
	"payer_account" varchar(64),
	"status" varchar(16) NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"returned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank_payments" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_bank_payments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idempotency_key" varchar(64) NOT NULL,
	"scheme" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"beneficiary_name" varchar(140) NOT NULL,
	"iban" varchar(34),
	"bic" varchar(11),
	"sort_code" varchar(6),
	"account_number" varchar(8),
	"reference" varchar(18) NOT NULL,
	"outcome" varchar(16) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"return_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bank_reference" varchar(10);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "funding" varchar(8);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credits" ADD CONSTRAINT "bank_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_named_accounts" ADD CONSTRAINT "bank_named_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_exports" ADD CONSTRAINT "history_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_accounts_user_created" ON "bank_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_key_live" ON "bank_accounts" USING btree ("account_key") WHERE "bank_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bank_credits_user" ON "bank_credits" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "bank_credits_order" ON "bank_credits" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_credits_open" ON "bank_credits" USING btree ("recorded_at") WHERE "bank_credits"."outcome" = 'SUSPENSE' and "bank_credits"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "bank_named_accounts_reference" ON "bank_named_accounts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_payment" ON "withdrawals" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "history_exports_user_created" ON "history_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "history_exports_expires" ON "history_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_accounts_holder" ON "sandbox_bank_accounts" USING btree ("holder_reference","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_accounts_iban" ON "sandbox_bank_accounts" USING btree ("iban");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_accounts_uk" ON "sandbox_bank_accounts" USING btree ("sort_code","account_number");--> statement-breakpoint
CREATE INDEX "sandbox_bank_credits_received" ON "sandbox_bank_credits" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_bank_payments_key" ON "sandbox_bank_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_bank_payments_created" ON "sandbox_bank_payments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_bank_reference" ON "orders" USING btree ("bank_reference") WHERE "orders"."bank_reference" is not null;