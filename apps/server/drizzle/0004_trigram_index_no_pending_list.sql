-- Rows inserted into a GIN index first land in its pending list, which every search scans until a
-- vacuum merges it; PGlite never autovacuums, so after a menu import each search read the whole list
-- (bench/menu-search: 9–12 ms for a term that matches nothing). Menus change rarely and searches are
-- constant: insert straight into the index instead.
ALTER INDEX "products_name_trgm_idx" SET (fastupdate = off);
