-- Issue 14: the seeded legal links pointed at a placeholder domain (https://causeway.example/legal/...).
-- They now lead to our own pages ({lng} stands for the page language); rows an operator changed stay as they are.
UPDATE menu_links SET url = '/{lng}/legal/' || link_key
  WHERE link_key IN ('terms', 'privacy', 'cookies') AND url LIKE 'https://causeway.example/legal/%';--> statement-breakpoint
UPDATE menu_links SET url = '/{lng}/legal/terms#complaints'
  WHERE link_key = 'complaints' AND url LIKE 'https://causeway.example/legal/%';
