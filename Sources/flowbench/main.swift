// flowbench: being written (issue 8).
print("flowbench: not implemented yet")
