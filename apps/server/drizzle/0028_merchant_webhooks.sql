CREATE TABLE "merchant_webhook_attempts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"delivery_id" varchar(32) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"error" varchar(200),
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_webhook_deliveries" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"message_id" varchar(32) NOT NULL,
	"endpoint_id" varchar(32) NOT NULL,
	"status" varchar(12) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_error" varchar(200),
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "merchant_webhook_deliveries_status" CHECK ("merchant_webhook_deliveries"."status" in ('Pending', 'Succeeded', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "merchant_webhook_endpoints" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"merchant_id" varchar(32) NOT NULL,
	"url" text NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"secret_encrypted" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_webhook_messages" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"merchant_id" varchar(32) NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"source_key" varchar(96) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_receiver" (
	"id" varchar(16) PRIMARY KEY NOT NULL,
	"fail_next" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchant_webhooks" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"webhook_id" varchar(64) NOT NULL,
	"event_type" varchar(32),
	"verified" boolean NOT NULL,
	"answered_status" integer NOT NULL,
	"body" jsonb,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_webhook_attempts" ADD CONSTRAINT "merchant_webhook_attempts_delivery_id_merchant_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."merchant_webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_webhook_deliveries" ADD CONSTRAINT "merchant_webhook_deliveries_message_id_merchant_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."merchant_webhook_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_webhook_deliveries" ADD CONSTRAINT "merchant_webhook_deliveries_endpoint_id_merchant_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."merchant_webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_webhook_endpoints" ADD CONSTRAINT "merchant_webhook_endpoints_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_webhook_messages" ADD CONSTRAINT "merchant_webhook_messages_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_webhook_attempts_delivery" ON "merchant_webhook_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "merchant_webhook_deliveries_message" ON "merchant_webhook_deliveries" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "merchant_webhook_deliveries_endpoint" ON "merchant_webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "merchant_webhook_endpoints_merchant" ON "merchant_webhook_endpoints" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_webhook_messages_source" ON "merchant_webhook_messages" USING btree ("merchant_id","source_key");--> statement-breakpoint
CREATE INDEX "merchant_webhook_messages_merchant" ON "merchant_webhook_messages" USING btree ("merchant_id","created_at");