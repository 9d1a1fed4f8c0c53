// The count line of a vehicle page: how many parts fit it, and how many of those are universal
// (they fit every vehicle and are listed after the vehicle's own).

const parts = (count: number) => `${count} ${count === 1 ? "part" : "parts"}`;

export function vehiclePartsCount(total: number, universal: number): string {
  if (total === 0) return "No parts are listed for this vehicle yet.";
  const fit = `${parts(total)} ${total === 1 ? "fits" : "fit"} this vehicle`;
  if (universal === 0) return `${fit}.`;
  if (universal === total) return total === 1 ? `${fit}: a universal part.` : `${fit}, all of them universal parts.`;
  return `${fit}, including ${universal} universal ${universal === 1 ? "part" : "parts"} (listed last).`;
}
