import {
  appUrl,
  expect,
  forgetSession,
  formError,
  newUser,
  numericId,
  registerThroughForm,
  sandboxControl,
  sandboxUrl,
  test,
} from "./fixtures";

test.describe("sign-in and the app shell", () => {
  test("register lands on the dashboard with the user's name; sign out returns to the landing page", async ({
    page,
  }) => {
    const user = await registerThroughForm(page, newUser("Ada Lovelace"));
    // The first visit is a welcome; 'Welcome back' is for the sessions after it.
    await expect(page.getByRole("heading", { name: "Welcome, Ada Lovelace!" })).toBeVisible();
    for (const link of ["Dashboard", "Content", "Schedule", "Analytics"]) {
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Create Post" })).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();

    await page.getByRole("button", { name: "Ada Lovelace" }).click();
    await expect(page.getByRole("menu").getByText(user.email)).toBeVisible();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Start Free Trial" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
  });

  test("login with a wrong password shows the server's message in the red box; the right one signs in", async ({
    page,
  }) => {
    const user = await registerThroughForm(page);
    await forgetSession(page);

    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(formError(page)).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: `Welcome back, ${user.name}!` })).toBeVisible();
  });

  test("locked out of an account: the sign-in form says how long to wait", async ({ page }) => {
    const user = await registerThroughForm(page);
    await forgetSession(page);
    // The per-account limit's ten failures from this address (LOGIN_MAX_FAILURES), sent as the form does.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await page.request.post(`${appUrl()}/api/auth/login`, {
        data: { email: user.email, password: `wrong-${attempt}` },
        headers: { Origin: appUrl() },
      });
      expect(response.status()).toBe(401);
    }

    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // The window is 15 minutes (LOGIN_WINDOW_SECONDS), begun a moment ago.
    await expect(formError(page)).toHaveText(/^Too many requests\. Please try again in 1[45] minutes\.$/);
    await expect(page).toHaveURL(/\/login$/);
  });

  test("register shows 'Passwords do not match' and the 6-character rule", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Full name").fill("Short Pass");
    await page.getByLabel("Email address").fill(newUser().email);
    await page.getByLabel("Password", { exact: true }).fill("secret1");
    await page.getByLabel("Confirm password").fill("secret2");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(formError(page)).toHaveText("Passwords do not match");

    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByLabel("Confirm password").fill("12345");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(formError(page)).toHaveText("Password must be at least 6 characters");
    await expect(page).toHaveURL(/\/register$/);
  });

  test("route guards: signed out to /, signed in away from /login and /register", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

    await registerThroughForm(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
  });

  test("an unknown path shows '404 - Page Not Found'", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 - Page Not Found" })).toBeVisible();
  });

  test("Sign in with Google through the sandbox lands on the dashboard", async ({ page }) => {
    const email = newUser().email;
    await page.goto("/login");
    await page.getByRole("button", { name: "Login with Google" }).click();
    await expect(page).toHaveTitle(/Sign in with Google/);
    await page.getByLabel("Name").fill("Grace Google");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Grace Google!" })).toBeVisible();
  });

  test("Sign in with Facebook through the sandbox lands on the dashboard", async ({ page }) => {
    const id = String(Date.now());
    await fetch(`${sandboxUrl()}/_control/facebook/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, name: "Frank Facebook", email: `frank-${id}@example.com`, pages: [] }),
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Login with Facebook" }).click();
    await expect(page).toHaveTitle(/Facebook/);
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Welcome, Frank Facebook!" })).toBeVisible();
  });

  test("Sign in with Facebook whose e-mail already has an account is not linked: it asks to sign in to that account first", async ({
    page,
  }) => {
    const owner = newUser("Owner Person");
    const registered = await fetch(`${appUrl()}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl() },
      body: JSON.stringify({ ...owner, password2: owner.password }),
    });
    expect(registered.status).toBe(201);
    await sandboxControl("/facebook/users", {
      id: numericId(),
      name: "Mallory Facebook",
      email: owner.email,
      pages: [],
    });

    await page.goto("/login");
    await page.getByRole("button", { name: "Login with Facebook" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    // Facebook appends "#_=_" to its redirects; the browser keeps it.
    await expect(page).toHaveURL(/\/login\?error=OAuthAccountNotLinked(#_=_)?$/);
    await expect(formError(page)).toContainText("An account with this email already exists. Sign in to it first");
  });

  test("the theme picker lists the five themes in order and the choice survives a reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await page.getByRole("button", { name: "Theme" }).click();
    const options = page.getByRole("menuitemradio");
    await expect(options).toHaveText(["Dark", "Light", "Ocean Blue", "Forest Green", "Midnight Dark"]);
    await expect(page.getByRole("menuitemradio", { name: "Dark", exact: true })).toBeChecked();
    await page.getByRole("menuitemradio", { name: "Forest Green" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "forest");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "forest");
    await page.getByRole("button", { name: "Theme" }).click();
    await expect(page.getByRole("menuitemradio", { name: "Forest Green" })).toBeChecked();
  });

  test("menus work from the keyboard", async ({ page }) => {
    const user = await registerThroughForm(page, newUser("Keyboard User"));
    await page.getByRole("button", { name: "Keyboard User" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("menu").getByText(user.email)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Keyboard User" })).toBeFocused();
  });

  test("the mobile menu holds the same items", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    // A long address, as agencies' are ("firstname.lastname@client-brand-name.co.uk").
    const user = newUser("Mobile User");
    const long = {
      ...user,
      email: `a-very-long-mailbox-name.${user.email.split("@")[0]}@an-agency-with-a-long-domain.example.com`,
    };
    await registerThroughForm(page, long);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    for (const item of ["Dashboard", "Content", "Schedule", "Analytics", "Create Post", "Settings", "Billing"]) {
      await expect(menu.getByRole("link", { name: item })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
    // The address stays inside the sheet: cut with an ellipsis, whole on hover.
    const address = menu.getByTitle(long.email);
    await expect(address).toBeVisible();
    // Both edges are read in one frame: the sheet may still be sliding in.
    const overflow = await address.evaluate((shown) => {
      const sheet = shown.closest('[role="dialog"]')!.getBoundingClientRect();
      return shown.getBoundingClientRect().right - sheet.right;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    expect(
      await menu.getByRole("navigation", { name: "Mobile" }).evaluate((nav) => nav.scrollWidth <= nav.clientWidth),
    ).toBe(true);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("the sign-in cards start at the top of the screen, so nothing above them moves as the page fills in", async ({
    page,
  }) => {
    for (const path of ["/login", "/register", "/forgot-password"]) {
      await page.goto(path);
      const logo = page.getByRole("main").getByRole("link", { name: "Postloom" }).first();
      // py-12: 48 px from the top, whatever the card's height (a centred card sat lower the shorter it was).
      await expect.poll(async () => (await logo.boundingBox())?.y, { message: path }).toBeLessThanOrEqual(60);
    }
  });
});
