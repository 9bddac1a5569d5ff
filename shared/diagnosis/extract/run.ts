/** A command someone ran on the node and what it printed, with where in the bundle it came from. */
export interface Run {
  command: string;
  output: string;
  source: string;
}
