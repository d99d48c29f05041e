export function Footer() {
  return (
    <footer className="text-muted-foreground border-t py-6 text-center text-sm">
      © {new Date().getFullYear()} Postloom. All rights reserved.
    </footer>
  );
}
