CREATE TABLE "user_agreements" (
	"user_id" varchar(32) NOT NULL,
	"protocol" varchar(16) NOT NULL,
	"version" varchar(16) NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_user_links" (
	"merchant_id" varchar(32) NOT NULL,
	"merchant_user_id" varchar(128) NOT NULL,
	"user_id" varchar(32) NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_user_links_merchant_id_merchant_user_id_pk" PRIMARY KEY("merchant_id","merchant_user_id")
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" varchar(32) PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" text NOT NULL,
	"api_key" varchar(64) NOT NULL,
	"secret_encrypted" text NOT NULL,
	"skip_login_enabled" boolean DEFAULT false NOT NULL,
	"status" varchar(12) DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_status" CHECK ("merchants"."status" in ('Active', 'Disabled'))
);
--> statement-breakpoint
ALTER TABLE "user_agreements" ADD CONSTRAINT "user_agreements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_links" ADD CONSTRAINT "merchant_user_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_user_links" ADD CONSTRAINT "merchant_user_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_agreements_once" ON "user_agreements" USING btree ("user_id","protocol","version");--> statement-breakpoint
CREATE INDEX "merchant_user_links_user" ON "merchant_user_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_code" ON "merchants" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_api_key" ON "merchants" USING btree ("api_key");