CREATE TABLE "card_disputes" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"processor" varchar(24) NOT NULL,
	"processor_dispute_id" varchar(64) NOT NULL,
	"order_id" varchar(40) NOT NULL,
	"user_id" varchar(40) NOT NULL,
	"payment_id" varchar(64) NOT NULL,
	"status" varchar(24) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"reason" varchar(64) NOT NULL,
	"evidence_due_by" timestamp with time zone,
	"evidence_submitted_at" timestamp with time zone,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_webhook_events" (
	"event_key" varchar(120) PRIMARY KEY NOT NULL,
	"type" varchar(64) NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_card_disputes" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"payment_id" varchar(40) NOT NULL,
	"reference" varchar(64) NOT NULL,
	"status" varchar(32) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency" varchar(10) NOT NULL,
	"category" varchar(64) NOT NULL,
	"evidence_required_by" timestamp with time zone NOT NULL,
	"evidence_text" varchar(4000),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "card_disputes_processor_id" ON "card_disputes" USING btree ("processor","processor_dispute_id");--> statement-breakpoint
CREATE INDEX "card_disputes_user_status" ON "card_disputes" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "card_disputes_order" ON "card_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_card_disputes_payment" ON "sandbox_card_disputes" USING btree ("payment_id");