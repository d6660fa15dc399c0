CREATE TABLE "verification_decisions" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"subject" varchar(4) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"applicant_id" varchar(64) NOT NULL,
	"round" varchar(40) NOT NULL,
	"decision" varchar(12) NOT NULL,
	"reason" varchar(32),
	"note" text,
	"operator_id" varchar(32) NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "verification_decisions_subject" CHECK ("verification_decisions"."subject" in ('kyc', 'kyb')),
	CONSTRAINT "verification_decisions_decision" CHECK ("verification_decisions"."decision" in ('approve', 'reject', 'askAgain'))
);
--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_decisions_round" ON "verification_decisions" USING btree ("subject","applicant_id","round");