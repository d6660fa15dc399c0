CREATE TABLE "help_article_texts" (
	"article_id" integer NOT NULL,
	"locale" varchar(8) NOT NULL,
	"title" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_article_texts_article_id_locale_pk" PRIMARY KEY("article_id","locale")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(64) NOT NULL,
	"section_id" integer,
	"position" integer NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "help_articles_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"requester_email" text NOT NULL,
	"requester_name" text NOT NULL,
	"source" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_requests_source" CHECK ("help_requests"."source" in ('tickets_from_widget', 'feedbacks_from_widget'))
);
--> statement-breakpoint
CREATE TABLE "help_section_texts" (
	"section_id" integer NOT NULL,
	"locale" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "help_section_texts_section_id_locale_pk" PRIMARY KEY("section_id","locale")
);
--> statement-breakpoint
CREATE TABLE "help_sections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "help_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" varchar(64) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "help_sections_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "help_uploads" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"author" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"request_id" integer,
	CONSTRAINT "help_uploads_size" CHECK ("help_uploads"."size" > 0 and "help_uploads"."size" <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "help_article_texts" ADD CONSTRAINT "help_article_texts_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_section_id_help_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."help_sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_section_texts" ADD CONSTRAINT "help_section_texts_section_id_help_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."help_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_uploads" ADD CONSTRAINT "help_uploads_request_id_help_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_section" ON "help_articles" USING btree ("section_id","position");--> statement-breakpoint
CREATE INDEX "help_requests_created" ON "help_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "help_uploads_request" ON "help_uploads" USING btree ("request_id");