-- "On This Day" on the home: shown unless the person turns it off in the profile.
ALTER TABLE "profiles" ADD COLUMN "on_this_day_enabled" boolean DEFAULT true NOT NULL;
