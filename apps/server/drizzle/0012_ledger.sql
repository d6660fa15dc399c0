CREATE TABLE "ledger_accounts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(120) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"normal_side" varchar(6) NOT NULL,
	"no_overdraft" boolean DEFAULT false NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_code" UNIQUE("code"),
	CONSTRAINT "ledger_accounts_id_currency" UNIQUE("id","currency"),
	CONSTRAINT "ledger_accounts_normal_side" CHECK ("ledger_accounts"."normal_side" in ('debit', 'credit')),
	CONSTRAINT "ledger_accounts_no_overdraft" CHECK (not "ledger_accounts"."no_overdraft" or (case when "ledger_accounts"."normal_side" = 'debit' then "ledger_accounts"."balance" else -"ledger_accounts"."balance" end) >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" varchar(32) NOT NULL,
	"account_id" varchar(32) NOT NULL,
	"currency" varchar(12) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"kind" varchar(32) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"idempotency_key" varchar(160) NOT NULL,
	"reverses" varchar(32),
	"description" text,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_idempotency" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_currency" FOREIGN KEY ("account_id","currency") REFERENCES "public"."ledger_accounts"("id","currency") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_journal" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account" ON "ledger_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_reference" ON "ledger_journals" USING btree ("reference");