CREATE TABLE "questionnaire_answers" (
	"assignment_id" varchar(32) NOT NULL,
	"question_id" varchar(64) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"question_text" text NOT NULL,
	"answer_text" text NOT NULL,
	"files" text[] NOT NULL,
	"radio_option" varchar(200),
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "questionnaire_answers_assignment_id_question_id_pk" PRIMARY KEY("assignment_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "questionnaire_assignments" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"question_ids" text[] NOT NULL,
	"assigned_by" varchar(100) NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "questionnaire_questions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"question_group" varchar(64) NOT NULL,
	"answer_type" varchar(12) NOT NULL,
	"text" jsonb NOT NULL,
	"description" jsonb,
	"options" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_questions_answer_type" CHECK ("questionnaire_questions"."answer_type" in ('INPUT_LINE', 'INPUT_BAR', 'UPLOAD', 'RADIO')),
	CONSTRAINT "questionnaire_questions_options" CHECK (("questionnaire_questions"."answer_type" = 'RADIO') = ("questionnaire_questions"."options" is not null))
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_assignment_id_questionnaire_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."questionnaire_assignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_question_id_questionnaire_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questionnaire_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_assignments" ADD CONSTRAINT "questionnaire_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_answers_user" ON "questionnaire_answers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_assignments_open" ON "questionnaire_assignments" USING btree ("user_id") WHERE "questionnaire_assignments"."answered_at" is null;--> statement-breakpoint
CREATE INDEX "questionnaire_assignments_user" ON "questionnaire_assignments" USING btree ("user_id","assigned_at");