CREATE TABLE "mailing_list_members" (
	"list" varchar(32) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"email" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mailing_list_members" ADD CONSTRAINT "mailing_list_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_list_members_list_user" ON "mailing_list_members" USING btree ("list","user_id");