DROP INDEX "souvenirs_user_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "souvenirs_user_id_liked_created_at_idx" ON "souvenirs" USING btree ("user_id","liked","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "souvenirs_user_id_created_at_idx" ON "souvenirs" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);