import { describe, expect, it } from "vitest";
import { pictureTypeOf } from "@/lib/catalogue/image-type";
import { PART_PLACEHOLDER, partImageSrc } from "@/lib/catalogue/images";
import { PART_MESSAGES, partSchema } from "@/lib/validation/parts";
import { PICTURE_STARTS, pngPicture } from "../support/pictures";

const uploaded = `/part-images/${"a1".repeat(32)}`;

describe("picture types are read from the content", () => {
  it("knows JPEG, PNG, WebP and GIF by their first bytes", () => {
    expect(pictureTypeOf(pngPicture(2, 2, [1, 2, 3]))).toBe("image/png");
    expect(pictureTypeOf(PICTURE_STARTS.jpeg)).toBe("image/jpeg");
    expect(pictureTypeOf(PICTURE_STARTS.webp)).toBe("image/webp");
    expect(pictureTypeOf(PICTURE_STARTS.gif)).toBe("image/gif");
  });

  it("refuses SVG (it can carry script), text and empty files", () => {
    expect(pictureTypeOf(PICTURE_STARTS.svg)).toBeNull();
    expect(pictureTypeOf(PICTURE_STARTS.text)).toBeNull();
    expect(pictureTypeOf(new Uint8Array())).toBeNull();
    expect(pictureTypeOf(Buffer.from("RIFF\0\0\0\0WAVE"))).toBeNull();
  });
});

describe("which part pictures the pages show", () => {
  it("shows shipped, uploaded and https pictures", () => {
    expect(partImageSrc("/parts/brake-disc.svg")).toBe("/parts/brake-disc.svg");
    expect(partImageSrc(uploaded)).toBe(uploaded);
    expect(partImageSrc("https://cdn.example.com/parts/pump.jpg")).toBe("https://cdn.example.com/parts/pump.jpg");
  });

  it("shows the placeholder for http links, scripts, other paths and nothing", () => {
    for (const bad of ["http://cdn.example.com/pump.jpg", "//evil.example/x.svg", "/parts/../secret.svg", "/part-images/short", "javascript:alert(1)", "data:image/png;base64,AAAA", "", "/other/x.svg"]) {
      expect(partImageSrc(bad), bad).toBe(PART_PLACEHOLDER);
    }
  });
});

describe("the part form's image field", () => {
  const part = { partsname: "Pump", price: 10, quantity: 5, description: "Pumps." };
  const imageIssue = (image: string) => partSchema.safeParse({ ...part, image }).error?.issues.find((i) => i.path[0] === "image")?.message;

  it("takes an https link or an uploaded picture", () => {
    expect(imageIssue("https://cdn.example.com/pump.jpg")).toBeUndefined();
    expect(imageIssue(` ${uploaded} `)).toBeUndefined();
  });

  it("refuses http links and anything that is not a picture address", () => {
    for (const bad of ["http://cdn.example.com/pump.jpg", "ftp://x.example/a.png", "/part-images/../x", "not a link"]) expect(imageIssue(bad), bad).toBe(PART_MESSAGES.image);
  });
});
