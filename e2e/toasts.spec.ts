import { expect, test, type Locator, type Page } from "@playwright/test";
import { PASSWORD, PHONE, firstPartPath, uniqueEmail } from "./support";

// A customer orders a part and reads the toast that says so: it sits below the header (whose links
// stay in reach), its green is readable on its pale green, and it stays on the page it belongs to:
// going on to My Orders leaves it behind. On a desktop and on a phone.

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The sRGB colour the browser paints for a CSS colour, whatever space it reports it in. */
function paintedColour(element: Locator, property: "color" | "backgroundColor"): Promise<[number, number, number]> {
  return element.evaluate((node, key) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = getComputedStyle(node)[key];
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, property);
}

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: [number, number, number], b: [number, number, number]): number {
  const luminance = (rgb: [number, number, number]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The header's controls a person can see: its links, buttons and the phone's Menu. */
async function headerControls(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const control of await page.locator("header").locator("a, button, summary").all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** Signs a new customer up and orders the first part: the toast that says so, settled in place. */
async function orderToast(page: Page): Promise<Locator> {
  // Signed up by hand: on a phone the header's Sign Out is behind the Menu.
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Toast Reader");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL("/");
  const { path, name } = await firstPartPath(page);
  await page.goto(path);
  await page.getByLabel("Address").fill("12 Garage Lane, Springfield");
  await page.getByLabel("Phone Number").fill("+1 555 0100");
  await page.getByRole("button", { name: "Place order" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: `× ${name}` });
  await expect(toast).toBeVisible();
  // Settled once sonner's entrance is over: two readings in a row agree.
  let lastY = Number.NaN;
  await expect
    .poll(async () => {
      const y = (await toast.boundingBox())?.y ?? Number.NaN;
      const settled = y === lastY;
      lastY = y;
      return settled;
    })
    .toBe(true);
  return toast;
}

for (const [way, options] of [["on a desktop", {}], ["on a phone", PHONE]] as const) {
  test.describe(way, () => {
    test.use(options);

    test("the order toast leaves the header's links free", async ({ page }) => {
      const toast = await orderToast(page);
      const toastBox = await toast.boundingBox();
      expect(toastBox).not.toBeNull();
      const controls = await headerControls(page);
      expect(controls.length).toBeGreaterThan(0);
      for (const control of controls) expect({ control, covered: overlap(toastBox!, control) }).toEqual({ control, covered: false });
    });
  });
}

test("the order toast's green text is readable on its pale green (at least 4.5:1)", async ({ page }) => {
  const toast = await orderToast(page);
  const ratio = contrast(await paintedColour(toast.locator("[data-title]"), "color"), await paintedColour(toast, "backgroundColor"));
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

test("the order toast stays on the purchase page: going on to My Orders leaves it behind", async ({ page }) => {
  const toast = await orderToast(page);
  // The pointer rests on the toast, which holds its 5 seconds (sonner pauses it): only leaving the page ends it.
  await toast.hover();
  // On by the keyboard, which leaves the pointer where it is.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "DashBoard" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 1_000 });
});
