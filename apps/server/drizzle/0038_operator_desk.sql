CREATE TABLE "operator_audit_log" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"operator_id" varchar(32) NOT NULL,
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32),
	"target_id" varchar(128),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" varchar(8) DEFAULT 'done' NOT NULL,
	"ip_key" varchar(64),
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_audit_log_outcome" CHECK ("operator_audit_log"."outcome" in ('done', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_hash" char(64) PRIMARY KEY NOT NULL,
	"operator_id" varchar(32) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"display_name" varchar(100) NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret_sealed" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"role" varchar(12) NOT NULL,
	"status" varchar(12) DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operators_role" CHECK ("operators"."role" in ('support', 'compliance', 'admin')),
	CONSTRAINT "operators_status" CHECK ("operators"."status" in ('Active', 'Disabled'))
);
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "operator_audit_log_operator_at" ON "operator_audit_log" USING btree ("operator_id","at");
--> statement-breakpoint
CREATE INDEX "operator_audit_log_action_at" ON "operator_audit_log" USING btree ("action","at");
--> statement-breakpoint
CREATE INDEX "operator_audit_log_at" ON "operator_audit_log" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "operator_sessions_operator" ON "operator_sessions" USING btree ("operator_id");
--> statement-breakpoint
CREATE INDEX "operator_sessions_expires" ON "operator_sessions" USING btree ("expires_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email" ON "operators" USING btree ("email");
--> statement-breakpoint
-- docs/trust.md "Operators": the audit log is append-only whatever the code does, as the ledger's posted rows
-- are (migration 0013): the database refuses any change to a row, any delete and any truncate.
CREATE FUNCTION operator_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit_log rows are append-only' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER operator_audit_log_immutable BEFORE UPDATE OR DELETE ON operator_audit_log FOR EACH ROW EXECUTE FUNCTION operator_audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_refuse_change();
