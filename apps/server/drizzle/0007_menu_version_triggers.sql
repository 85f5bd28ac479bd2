-- Hand-written (decision 0123): the menu's version. Any statement that writes products or either
-- group table bumps it in its own transaction, so a server's copy of a menu read at version v is
-- current exactly while this row still says v.
INSERT INTO menu_version (id, version) VALUES (1, 1);--> statement-breakpoint
CREATE FUNCTION menu_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE menu_version SET version = version + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_menu_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();--> statement-breakpoint
CREATE TRIGGER major_groups_menu_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON major_groups
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();--> statement-breakpoint
CREATE TRIGGER family_groups_menu_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON family_groups
  FOR EACH STATEMENT EXECUTE FUNCTION menu_version_bump();
