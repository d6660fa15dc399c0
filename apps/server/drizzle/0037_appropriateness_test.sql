CREATE TABLE "appropriateness_assessments" (
	"user_id" varchar(32) PRIMARY KEY NOT NULL,
	"stage" varchar(24) NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"silent_until" timestamp with time zone,
	"passed_at" timestamp with time zone,
	"ended_reason" varchar(16),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appropriateness_assessments_stage" CHECK ("appropriateness_assessments"."stage" in ('RISK_WARING_OK', 'AGREEMENT', 'QUESTIONS', 'ANSWER_WAIT', 'IN_SILENT', 'AFTER_SILENT', 'CONFIRMATION', 'CONFIRMATION_SIGN', 'PASSED', 'ANSWER_FAIL', 'TERMINATED'))
);
--> statement-breakpoint
CREATE TABLE "appropriateness_attempts" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"number" integer NOT NULL,
	"test_version" varchar(16) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answers" jsonb,
	"score" integer,
	"pass_mark" integer,
	"max_score" integer,
	"outcome" varchar(8),
	CONSTRAINT "appropriateness_attempts_outcome" CHECK ("appropriateness_attempts"."outcome" is null or "appropriateness_attempts"."outcome" in ('FAIL', 'CONCERN', 'PASS'))
);
--> statement-breakpoint
CREATE TABLE "appropriateness_events" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"from_stage" varchar(24) NOT NULL,
	"to_stage" varchar(24) NOT NULL,
	"actor" varchar(64) NOT NULL,
	"detail" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appropriateness_questions" (
	"test_version" varchar(16) NOT NULL,
	"id" varchar(64) NOT NULL,
	"position" integer NOT NULL,
	"topic" varchar(32) NOT NULL,
	"prompt" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	CONSTRAINT "appropriateness_questions_test_version_id_pk" PRIMARY KEY("test_version","id")
);
--> statement-breakpoint
CREATE TABLE "appropriateness_tests" (
	"version" varchar(16) PRIMARY KEY NOT NULL,
	"pass_mark" integer NOT NULL,
	"failures_allowed" integer NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appropriateness_tests_pass_mark" CHECK ("appropriateness_tests"."pass_mark" > 0),
	CONSTRAINT "appropriateness_tests_failures_allowed" CHECK ("appropriateness_tests"."failures_allowed" > 0)
);
--> statement-breakpoint
ALTER TABLE "appropriateness_assessments" ADD CONSTRAINT "appropriateness_assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriateness_attempts" ADD CONSTRAINT "appropriateness_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriateness_attempts" ADD CONSTRAINT "appropriateness_attempts_test_version_appropriateness_tests_version_fk" FOREIGN KEY ("test_version") REFERENCES "public"."appropriateness_tests"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriateness_events" ADD CONSTRAINT "appropriateness_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appropriateness_questions" ADD CONSTRAINT "appropriateness_questions_test_version_appropriateness_tests_version_fk" FOREIGN KEY ("test_version") REFERENCES "public"."appropriateness_tests"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appropriateness_attempts_number" ON "appropriateness_attempts" USING btree ("user_id","number");
--> statement-breakpoint
CREATE INDEX "appropriateness_events_user" ON "appropriateness_events" USING btree ("user_id","seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "appropriateness_questions_position" ON "appropriateness_questions" USING btree ("test_version","position");
--> statement-breakpoint
CREATE UNIQUE INDEX "appropriateness_tests_one_active" ON "appropriateness_tests" USING btree ("active") WHERE "appropriateness_tests"."active";